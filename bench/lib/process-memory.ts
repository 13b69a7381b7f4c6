/** Resident memory of a process and its descendants (Linux /proc), sampled until stopped; the peak is kept. */
import { readFileSync } from 'node:fs';

function children(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function rssBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export function treeRssBytes(root: number): number {
  let total = 0;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    total += rssBytes(pid);
    stack.push(...children(pid));
  }
  return total;
}

export type MemorySampler = { peak: () => number; reset: () => void; stop: () => void };

export function sampleMemory(root: number, everyMs = 50): MemorySampler {
  let peak = treeRssBytes(root);
  const timer = setInterval(() => (peak = Math.max(peak, treeRssBytes(root))), everyMs);
  return {
    peak: () => Math.max(peak, treeRssBytes(root)),
    reset: () => (peak = treeRssBytes(root)),
    stop: () => clearInterval(timer),
  };
}

export const mb = (bytes: number) => bytes / 1024 / 1024;

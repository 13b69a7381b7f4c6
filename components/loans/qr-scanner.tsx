'use client';

import jsQR from 'jsqr';
import { useEffect, useRef, useState } from 'react';

type CameraState = 'starting' | 'scanning' | 'denied' | 'no-camera' | 'unsupported';

const messages: Record<Exclude<CameraState, 'scanning'>, string> = {
  starting: 'Starting the camera…',
  denied: 'Camera access was blocked. Allow the camera for this site in your browser settings, or type the code below.',
  'no-camera': 'No camera could be started on this device. Type the inventory number or the code under the QR label below.',
  unsupported: 'This browser cannot use the camera here (it needs a secure https connection). Type the code below instead.',
};

/**
 * Reads QR codes from the rear camera: frames are drawn to a canvas and decoded with jsQR. Hands the first
 * code it reads to onDecoded and stops the camera, so a label held in view is read exactly once.
 */
export function QrScanner({ onDecoded }: { onDecoded: (text: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const decodedRef = useRef(onDecoded);
  const [state, setState] = useState<CameraState>('starting');

  useEffect(() => {
    decodedRef.current = onDecoded;
  }, [onDecoded]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let frame = 0;
    let stopped = false;
    const stop = () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
    };
    const scan = () => {
      const video = videoRef.current;
      const canvas = canvasRef.current;
      if (stopped || !video || !canvas) return;
      if (video.readyState >= video.HAVE_ENOUGH_DATA && video.videoWidth > 0) {
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        const context = canvas.getContext('2d', { willReadFrequently: true });
        if (context) {
          context.drawImage(video, 0, 0, canvas.width, canvas.height);
          const image = context.getImageData(0, 0, canvas.width, canvas.height);
          const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
          if (code?.data) {
            stop();
            decodedRef.current(code.data);
            return;
          }
        }
      }
      frame = requestAnimationFrame(scan);
    };
    if (!navigator.mediaDevices?.getUserMedia) {
      queueMicrotask(() => setState('unsupported'));
      return stop;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped || !videoRef.current) return stop();
        videoRef.current.srcObject = media;
        await videoRef.current.play();
        setState('scanning');
        frame = requestAnimationFrame(scan);
      })
      .catch((error: unknown) => {
        if (stopped) return;
        const name = error instanceof DOMException ? error.name : '';
        setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'no-camera');
      });
    return stop;
  }, []);

  const failed = state === 'denied' || state === 'no-camera' || state === 'unsupported';
  return (
    <div className="space-y-3" data-testid="qr-scanner" data-state={state}>
      <div className={failed ? 'hidden' : 'relative mx-auto aspect-square w-full max-w-sm overflow-hidden rounded-xl bg-slate-900'}>
        <video ref={videoRef} className="h-full w-full object-cover" muted playsInline aria-label="Camera preview" />
        <div className="pointer-events-none absolute inset-8 rounded-lg border-2 border-white/80" aria-hidden="true" />
      </div>
      <canvas ref={canvasRef} className="hidden" aria-hidden="true" />
      <p role={failed ? 'alert' : 'status'} className={failed ? 'rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900' : 'text-center text-sm text-slate-600'}>
        {state === 'scanning' ? 'Hold the QR label inside the frame.' : messages[state]}
      </p>
    </div>
  );
}

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

export type PhotoContentType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The type the bytes themselves declare; the browser's claimed type and file name are not trusted. */
export function sniffPhotoType(bytes: Uint8Array): PhotoContentType | null {
  const startsWith = (signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** Recognises the uploaded image formats (avatars, covers, screenshots) by their first bytes. */
export function sniffImage(bytes: Buffer): 'png' | 'jpeg' | 'webp' | 'gif' | null {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47 && ascii(4, 8) === '\r\n\x1a\n') {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  return null;
}

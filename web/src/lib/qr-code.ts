import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code of `text` as a PNG data URL, drawn off the render; null until it is ready. */
export function useQrDataUrl(text: string | null, width = 220): string | null {
  const [made, setMade] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    if (text === null) return;
    let live = true;
    void QRCode.toDataURL(text, { margin: 1, width }).then((url) => {
      if (live) setMade({ text, url });
    });
    return () => {
      live = false;
    };
  }, [text, width]);
  return made !== null && made.text === text ? made.url : null;
}

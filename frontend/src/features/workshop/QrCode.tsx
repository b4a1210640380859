import { useEffect, useRef } from "react";
import QRCode from "qrcode";

interface Props {
  /** What the code encodes: the address students open. */
  text: string;
  /** Its side in CSS pixels. */
  size: number;
  label: string;
}

/** A QR code drawn on a canvas by the `qrcode` library; phones' cameras open `text`. */
export function QrCode({ text, size, label }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) {
      // A browser without a 2D canvas (or one that refuses it) draws no code; the address is on the page anyway.
      QRCode.toCanvas(canvas.current, text, { width: size, margin: 2, errorCorrectionLevel: "M" }).catch(() => undefined);
    }
  }, [text, size]);
  return <canvas ref={canvas} role="img" aria-label={label} data-qr-text={text} className="qr-code" />;
}

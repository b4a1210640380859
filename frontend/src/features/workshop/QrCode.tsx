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
      void QRCode.toCanvas(canvas.current, text, { width: size, margin: 2, errorCorrectionLevel: "M" });
    }
  }, [text, size]);
  return <canvas ref={canvas} role="img" aria-label={label} data-qr-text={text} className="qr-code" />;
}

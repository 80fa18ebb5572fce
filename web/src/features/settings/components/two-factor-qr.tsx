import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Spinner } from '@/components/ui/spinner.tsx';

/** The otpauth URL as a QR code; the encoder loads only when the setup reaches this step. */
export function TwoFactorQr({ otpauthUrl }: { otpauthUrl: string }) {
  const { t } = useTranslation();
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((qrcode) => qrcode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#1f1a17', light: '#ffffff' } }))
      .then(
        (markup) => current && setSvg(markup),
        // The encoder's chunk did not load (offline): the secret below still sets the app up.
        () => current && setFailed(true),
      );
    return () => {
      current = false;
    };
  }, [otpauthUrl]);

  if (failed) return null;
  return (
    <div className="grid size-48 place-items-center rounded-2xl border border-line bg-white p-2 shadow-soft">
      {svg ? (
        <img src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} alt={t('twoFactor.setup.qrAlt')} className="size-full" />
      ) : (
        <Spinner label={t('twoFactor.setup.qrLoading')} />
      )}
    </div>
  );
}

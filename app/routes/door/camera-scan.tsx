// The camera scanner of the door check, an island for browsers that can read QR codes
// themselves (BarcodeDetector); elsewhere it is not shown and the code is typed or pasted,
// as without JavaScript. Each code read is put in the form's code field and the form is sent,
// as a hand scanner typing it would; the same code is not sent again for a few seconds.
import { type RefObject, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n";

type Detector = { detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

const LOOK_EVERY_MS = 250;
const SAME_CODE_QUIET_MS = 5000;

function detectorClass(): DetectorClass | null {
  const candidate = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  const camera = typeof navigator.mediaDevices?.getUserMedia === "function";
  return candidate && camera ? candidate : null;
}

export function CameraScan({ form }: { form: RefObject<HTMLFormElement | null> }) {
  const { t } = useTranslation();
  const [scanning, setScanning] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const Detector = detectorClass();

  useEffect(() => {
    if (!scanning || !Detector) return;
    const detector = new Detector({ formats: ["qr_code"] });
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last = { code: "", at: 0 };

    const send = (code: string) => {
      const now = Date.now();
      if (code === last.code && now - last.at < SAME_CODE_QUIET_MS) return;
      last = { code, at: now };
      const field = form.current?.elements.namedItem("cCodigo");
      if (!(field instanceof HTMLInputElement)) return;
      field.value = code;
      form.current?.requestSubmit();
    };

    const look = async () => {
      if (stopped || !video.current) return;
      try {
        const [found] = await detector.detect(video.current);
        if (found?.rawValue) send(found.rawValue);
      } catch {
        // A frame the detector could not read: the next one may do.
      }
      timer = setTimeout(look, LOOK_EVERY_MS);
    };

    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void look();
      })
      .catch(() => {
        setFailed(true);
        setScanning(false);
      });

    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [scanning, Detector, form]);

  if (!Detector) return null;
  return (
    <div className="mt-2 mb-6">
      <button
        type="button"
        className="button-secondary"
        aria-pressed={scanning}
        onClick={() => {
          setFailed(false);
          setScanning((on) => !on);
        }}
      >
        {t("account:door.camera")}
      </button>
      {failed ? (
        <p role="alert" className="field-error">
          {t("account:door.cameraFailed")}
        </p>
      ) : null}
      {scanning ? (
        <video
          ref={video}
          muted
          playsInline
          aria-label={t("account:door.cameraView")}
          className="w-full rounded-lg mt-2"
        />
      ) : null}
    </div>
  );
}

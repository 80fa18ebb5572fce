import { vi } from 'vitest';

/**
 * A stand-in MediaRecorder: start/pause/resume/stop move its state as the browser's does, and
 * stop hands over one chunk of fake audio.
 */
export class FakeMediaRecorder extends EventTarget {
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus' || type === 'audio/webm';
  state: RecordingState = 'inactive';
  readonly mimeType: string;
  timeslice: number | undefined;

  constructor(
    readonly stream: MediaStream,
    options?: MediaRecorderOptions,
  ) {
    super();
    this.mimeType = options?.mimeType ?? '';
    FakeMediaRecorder.instances.push(this);
  }

  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  pause() {
    this.state = 'paused';
  }
  resume() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    const data = new Blob(['fake-opus-audio'], { type: this.mimeType });
    queueMicrotask(() => {
      this.dispatchEvent(Object.assign(new Event('dataavailable'), { data }));
      this.dispatchEvent(new Event('stop'));
    });
  }
}

/** Installs the fake microphone; `deny` makes getUserMedia refuse as a browser does when permission is blocked. */
export function fakeMicrophone({ deny = false }: { deny?: boolean } = {}) {
  FakeMediaRecorder.instances = [];
  const track = { stop: vi.fn() };
  const getUserMedia = vi.fn(async () => {
    if (deny) throw new DOMException('Permission denied', 'NotAllowedError');
    return { getTracks: () => [track] } as unknown as MediaStream;
  });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  return { getUserMedia, track };
}

import { AppError } from '../lib/errors.ts';

/** How long a photo waits for a decode slot before its upload answers 503. */
export const IMAGE_QUEUE_WAIT_MS = 10_000;

export const IMAGE_BUSY_MESSAGE = 'Many photos are being processed right now. Please try again in a few seconds.';

function busy(): AppError {
  return new AppError('image_busy', IMAGE_BUSY_MESSAGE, 503, {
    headers: { 'Retry-After': String(Math.ceil(IMAGE_QUEUE_WAIT_MS / 1000)) },
  });
}

/** One upload's place in the gate, taken before its body is read; `leave()` it whatever happens. */
export type ImageTicket = {
  /** Runs `work` in a decode slot, after waiting for one at most `maxWaitMs` (then 503 `image_busy`). */
  decode<T>(work: () => Promise<T>): Promise<T>;
  leave(): void;
};

export type ImageGate = {
  /** A place for one upload, or 503 `image_busy` when `concurrency + queueLength` uploads are in. */
  enter(): ImageTicket;
  /** Uploads inside (reading their body, waiting or decoding) and those waiting for a slot. */
  readonly inside: number;
  readonly waiting: number;
};

/**
 * The server's cap on photos in memory at once. Decoding a 12 MP photo holds tens to hundreds of MB
 * (a HEIC in WebAssembly about 300 MB, decision 018), and every upload's body is held until it is
 * decoded: so at most `concurrency` photos decode at once, at most `queueLength` more wait for a
 * slot (each at most `maxWaitMs` once its body is read), and any upload beyond is refused with 503
 * and Retry-After before its body is read. In memory, per process: every server has its own cap.
 */
export function createImageGate(options: { concurrency: number; queueLength: number; maxWaitMs?: number }): ImageGate {
  const maxWaitMs = options.maxWaitMs ?? IMAGE_QUEUE_WAIT_MS;
  let inside = 0;
  let decoding = 0;
  const waiting: (() => void)[] = [];

  function releaseSlot() {
    const next = waiting.shift();
    // The slot passes straight to the next photo, so a newcomer cannot take it in between.
    if (next) next();
    else decoding -= 1;
  }

  async function takeSlot(): Promise<void> {
    if (decoding < options.concurrency) {
      decoding += 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(turn), 1);
        reject(busy());
      }, maxWaitMs);
      waiting.push(turn);
    });
  }

  return {
    get inside() {
      return inside;
    },
    get waiting() {
      return waiting.length;
    },
    enter() {
      if (inside >= options.concurrency + options.queueLength) throw busy();
      inside += 1;
      let left = false;
      return {
        async decode(work) {
          await takeSlot();
          try {
            return await work();
          } finally {
            releaseSlot();
          }
        },
        leave() {
          if (left) return;
          left = true;
          inside -= 1;
        },
      };
    },
  };
}

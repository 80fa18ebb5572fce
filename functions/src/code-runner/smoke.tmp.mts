import { SandboxPool } from './sandbox-pool.ts';
import { DEFAULT_LIMITS } from './limits.ts';
const pool = new SandboxPool({ ...DEFAULT_LIMITS, deadlineMs: 30000 }, { spares: 1, concurrency: 2 });
pool.warm(['python']);
await new Promise(r => setTimeout(r, 8000));
for (const code of ['import time\nt=time.time()\nchunks = []\ntry:\n  while True:\n    chunks.append(bytearray(64 * 1024 ** 2)); print(len(chunks), time.time()-t, flush=True)\nexcept MemoryError:\n  print("ME", time.time()-t)']) {
  const t = Date.now();
  const r = await pool.run({ lang: 'python', code });
  console.log(r, Date.now() - t);
}
await pool.close();

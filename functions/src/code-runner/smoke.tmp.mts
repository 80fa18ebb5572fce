import { SandboxPool } from './sandbox-pool.ts';
import { DEFAULT_LIMITS } from './limits.ts';
const pool = new SandboxPool({ ...DEFAULT_LIMITS, deadlineMs: 10000 , pythonMemoryBytes: 256*1024*1024}, { spares: 0, concurrency: 2 });
const code = String.raw`
import importlib, os, sys
def attempt(label, action):
    try:
        print(label, 'REACHED', str(action())[:300])
    except BaseException as error:
        print(label, 'refused', type(error).__name__, str(error)[:100])
from pyodide.ffi import to_js, create_proxy
attempt('ffiProxy', lambda: to_js([1]).constructor.constructor("return process.getBuiltinModule('child_process').execSync('id').toString()")())
attempt('createProxy', lambda: create_proxy(len).constructor.constructor("return JSON.stringify(process.env)")())
import js
attempt('jsModule', lambda: js.process.env)
attempt('jsGlobal', lambda: js.globalThis.process.env)
attempt('importlib', lambda: importlib.import_module('pyodide_js').constructor.constructor("return 1")())
sys.modules['pyodide_js'] = None
attempt('reload', lambda: importlib.reload(importlib.import_module('pyodide')).ffi.to_js({}).constructor.constructor("return 2")())
attempt('apiModule', lambda: importlib.import_module('pyodide_js')._module.constructor.constructor("return JSON.stringify(process.env)")())
attempt('environ', lambda: dict(os.environ))
attempt('procEnviron', lambda: open('/proc/self/environ').read())
attempt('hostFile', lambda: open('/etc/hostname').read())
attempt('osSystem', lambda: os.system('touch /tmp/x'))
attempt('fork', lambda: os.fork())
`;
const r = await pool.run({ lang: 'python', code });
console.log(r.stdout, r.stderr, r.error);
const r2 = await pool.run({ lang: 'python', code: `import sys
sys.modules.pop('pyodide_js', None)
import pyodide_js
F = pyodide_js.constructor.constructor
try:
  print(F('const keep = []; for (;;) keep.push(new Uint8Array(256 * 1024 * 1024)); ')())
except BaseException as e:
  print('refused', e)
` });
console.log(r2);
await pool.close();

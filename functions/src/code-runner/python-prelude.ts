/**
 * Python run once when the interpreter loads (decision 0025). It refuses the network modules,
 * the bridge back to the host (`pyodide_js`, `pyodide.http`) and package installs, then defines
 * `_meld_run`, which runs one program in fresh globals with `/mnt/data` as its empty working
 * directory, and puts back every loaded module's names (builtins included) a program may have changed, so the next
 * run, perhaps another user's, starts from the same state.
 */
export const PYTHON_PRELUDE = String.raw`
import builtins, os, shutil, sys, traceback
from pyodide.code import eval_code_async

for _name in ('_socket', 'socket', 'ssl', '_ssl', 'select', 'selectors', 'pyodide_js', 'pyodide.http', 'micropip', 'subprocess'):
    sys.modules[_name] = None

_MELD_DATA = '/mnt/data'

def _meld_error_text(error):
    frames = [frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename == 'main.py']
    head = 'Traceback (most recent call last):\n' + ''.join(traceback.format_list(frames)) if frames else ''
    return head + ''.join(traceback.format_exception_only(error)).rstrip()

def _meld_files():
    found = []
    for folder, _dirs, names in os.walk(_MELD_DATA):
        for name in names:
            path = os.path.join(folder, name)
            found.append([os.path.relpath(path, _MELD_DATA), os.path.getsize(path)])
    return sorted(found)

def _meld_restore():
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:
            pass
    sys.stdin, sys.stdout, sys.stderr = _meld_streams
    for name in [name for name in sys.modules if name not in _meld_modules]:
        del sys.modules[name]
    sys.modules.update(_meld_modules)
    for namespace, saved in _meld_namespaces:
        for key in [key for key in namespace if key not in saved]:
            del namespace[key]
        for key, original in saved.items():
            if namespace.get(key, _meld_namespaces) is not original:
                namespace[key] = original
    os.environ.clear()
    os.environ.update(_meld_environ)
    sys.path[:] = _meld_path

async def _meld_run(source):
    shutil.rmtree(_MELD_DATA, ignore_errors=True)
    os.makedirs(_MELD_DATA, exist_ok=True)
    os.chdir(_MELD_DATA)
    scope = {'__name__': '__main__', '__builtins__': builtins}
    value = error = None
    try:
        result = await eval_code_async(source, scope, filename='main.py')
        value = None if result is None else repr(result)
    except BaseException as caught:
        # Free the program's objects first: after a MemoryError the traceback needs room too.
        scope.clear()
        try:
            error = _meld_error_text(caught)
        except BaseException:
            error = type(caught).__name__
    finally:
        # The deadline's KeyboardInterrupt may land here too: put everything back regardless.
        while True:
            try:
                _meld_restore()
                break
            except KeyboardInterrupt:
                pass
    files = _meld_files()
    os.chdir('/')
    return [value, error, files]

# Last, so the snapshot holds the helpers above too (a program that replaces one gets it back).
_meld_modules = dict(sys.modules)
_meld_streams = (sys.stdin, sys.stdout, sys.stderr)
_meld_environ = dict(os.environ)
_meld_path = list(sys.path)
_meld_namespaces = []
_meld_namespaces.extend((namespace, dict(namespace)) for namespace in (getattr(module, '__dict__', None) for module in _meld_modules.values()) if type(namespace) is dict)
`;

/**
 * Python run once when the interpreter loads (decision 0025): defines `_meld_run`, which seeds
 * `random` afresh (the interpreter's state comes from a snapshot shared by every run), runs the
 * program in fresh globals with `/mnt/data` (in the interpreter's own in-memory file system) as
 * its empty working directory, and lists what the program left there. It guards nothing: the
 * process it runs in is the boundary, and it serves one program only.
 */
export const PYTHON_PRELUDE = String.raw`
import builtins, os, random, sys, traceback
from pyodide.code import eval_code_async

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
            relative = os.path.relpath(path, _MELD_DATA)
            try:
                relative.encode('utf-8')
            except UnicodeEncodeError:
                # Bytes that are not UTF-8 (surrogate escapes): no file name can carry them.
                print(f'{ascii(relative)} was not kept: its name is not valid UTF-8', file=sys.stderr)
                continue
            if os.path.isfile(path):
                found.append([relative, os.path.getsize(path)])
    return sorted(found)

async def _meld_run(source):
    # The interpreter comes from a memory snapshot, random's state with it: every run would draw
    # the same numbers. Seeded again here from the OS (os.urandom: the process's own crypto).
    random.seed()
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
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:
            pass
    try:
        files = _meld_files()
    except BaseException:
        files = []
    return [value, error, files]
`;

"""The shipped stub (ttr/_native.pyi) names exactly what the native module has, with the
same parameters."""

import ast
import inspect
import pathlib

import ttr
from ttr import _native

STUB = pathlib.Path(ttr.__file__).with_name("_native.pyi")
DUNDERS = {"__init__", "__len__", "__copy__", "__deepcopy__"}


def params(fn):
    return [a.arg for a in fn.args.args if a.arg != "self"]


def test_stub_matches_module():
    tree = ast.parse(STUB.read_text()).body
    functions = {n.name: n for n in tree if isinstance(n, ast.FunctionDef)}
    classes = {n.name: n for n in tree if isinstance(n, ast.ClassDef)}
    assert set(functions) | set(classes) == {n for n in dir(_native) if not n.startswith("_")}
    for name, fn in functions.items():
        assert list(inspect.signature(getattr(_native, name)).parameters) == params(fn)
    for name, node in classes.items():
        cls = getattr(_native, name)
        members = {f.name: f for f in node.body if isinstance(f, ast.FunctionDef)}
        real = {n for n in dir(cls) if not n.startswith("_") or (n in DUNDERS and n in cls.__dict__)}
        if "__init__" in members:
            assert list(inspect.signature(cls).parameters) == params(members["__init__"]), name
            real.add("__init__")
        assert set(members) == real, name
        for method, fn in members.items():
            attr = inspect.getattr_static(cls, method)
            if method == "__init__" or not callable(getattr(cls, method)) or isinstance(attr, property):
                continue
            if type(attr).__name__ == "getset_descriptor":
                continue
            assert list(inspect.signature(getattr(cls, method)).parameters)[1 if not isinstance(attr, staticmethod) else 0:] == params(fn) or \
                [p for p in inspect.signature(getattr(cls, method)).parameters if p != "self"] == params(fn), f"{name}.{method}"

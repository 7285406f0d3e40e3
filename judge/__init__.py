"""judge: a rules-judge scenario tester for trading card games."""

__version__ = "0.1.0"

from . import compiled as _compiled

_compiled.install()        # engine modules compiled by `make`, while they match their sources

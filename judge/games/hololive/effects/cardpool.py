"""Terms the texts of the whole card pool need (issue 18), as module functions with their
declarations (docs/architecture.md: rules areas as modules of functions, not mixins)."""
from __future__ import annotations

from ..terms import ability_kind

# 12.2.1: an oshi stage skill is an ability of the oshi holomem; none is encoded yet, so the kind
# exists only to say so (as `gift` does for an unencoded gift).
ability_kind("oshi_stage_skill", "12.2.1", doc="an oshi stage skill not encoded yet (`unsupported:`)",
             at_least_one=("unsupported",))

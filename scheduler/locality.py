"""Choosing the innermost loop of a permutable band for spatial locality.

Inside a tile every order of the point loops is legal (the band is
permutable), so the one whose iterator walks the most arrays with stride 1
(the last subscript) goes innermost, where the C compiler can vectorize it;
loops that would stride across rows of an array are kept outside. Only bands
whose members are each a single iterator (no skew) are reordered.
"""

from __future__ import annotations

import islpy as isl

from polyopt.core.scop import Scop

STRIDE_ONE = 2      # iterator only in the last subscript, coefficient +-1
INVARIANT = 1       # access does not move with the iterator: temporal reuse
STRIDED = -4        # iterator in an earlier subscript: a new cache line each step


def _single_aff(pw: isl.PwAff) -> isl.Aff | None:
    pieces = pw.get_pieces()
    return pieces[0][1] if len(pieces) == 1 else None


CONSTANT = -1


def iterator_of_member(relation: isl.Map, member: int) -> int | None:
    """The statement iterator a band member follows (CONSTANT if none), None if several."""
    aff = _single_aff(isl.PwMultiAff.from_map(relation).get_pw_aff(member))
    if aff is None:
        return None
    used = [k for k in range(aff.dim(isl.dim_type.in_))
            if not aff.get_coefficient_val(isl.dim_type.in_, k).is_zero()]
    if not used:
        return CONSTANT
    return used[0] if len(used) == 1 else None


def _access_score(access: isl.Map, iterator: int) -> int:
    subscripts = isl.PwMultiAff.from_map(access)
    rank = access.dim(isl.dim_type.out)
    if rank == 0:
        return INVARIANT
    coefficients = []
    for position in range(rank):
        aff = _single_aff(subscripts.get_pw_aff(position))
        if aff is None:
            return 0
        coefficients.append(aff.get_coefficient_val(isl.dim_type.in_, iterator).to_python())
    if all(c == 0 for c in coefficients):
        return INVARIANT
    if all(c == 0 for c in coefficients[:-1]) and abs(coefficients[-1]) == 1:
        return STRIDE_ONE
    return STRIDED


def member_scores(node: isl.ScheduleNode, scop: Scop) -> list[int] | None:
    """Locality score of each band member, or None if some member is not a plain iterator."""
    n = node.band_n_member()
    scores = [0] * n
    partial = node.band_get_partial_schedule_union_map().intersect_domain(node.get_domain())
    relations: list[isl.Map] = []
    partial.foreach_map(relations.append)
    for relation in relations:
        statement = scop.statement(relation.get_tuple_name(isl.dim_type.in_))
        for member in range(n):
            iterator = iterator_of_member(relation, member)
            if iterator is None:
                return None
            if iterator == CONSTANT:
                continue
            for access in statement.accesses:
                scores[member] += _access_score(access.relation, iterator)
    return scores


def innermost_first_order(scores: list[int]) -> list[int]:
    """Member order with the best-scoring member last (ties keep the original)."""
    n = len(scores)
    best = max(range(n), key=lambda m: (scores[m], m))
    return [m for m in range(n) if m != best] + [best]


def permute_band(node: isl.ScheduleNode, order: list[int]) -> isl.ScheduleNode:
    """The same band with its members in `order`; flags follow their members."""
    partial = node.band_get_partial_schedule()
    coincident = [node.band_member_get_coincident(m) for m in range(node.band_n_member())]
    permutable = node.band_get_permutable()
    members = isl.UnionPwAffList.alloc(node.get_ctx(), len(order))
    for m in order:
        members = members.add(partial.get_at(m))
    space = partial.get_space()
    permuted = isl.MultiUnionPwAff.from_union_pw_aff_list(space, members)
    node = node.delete().insert_partial_schedule(permuted)
    node = node.band_set_permutable(permutable)
    for position, m in enumerate(order):
        node = node.band_member_set_coincident(position, coincident[m])
    return node

"""Example scenarios shared by the tests: the spec's examples, as written in the spec."""

SPEC_FIRST_TURN = """\
scenario: No holomem may bloom on its player's first turn
game: hololive
rules: "*"
refs: ["8.3.1"]
given:
  turn: {player: B, number: 2, step: main}
  B:
    center: hSD01-008
    hand: [hSD01-010]
then:
  - illegal: {bloom: {holomem: B.center, with: hSD01-010}, because: "8.3.1"}
"""

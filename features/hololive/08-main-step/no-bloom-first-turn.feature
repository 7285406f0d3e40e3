Feature: Blooming a holomem (8.3)

  Rule: 8.3.1 No holomem may bloom on its player's first turn

    @rules:*
    @twin:scenarios/hololive/08-main-step/no-bloom-first-turn.yaml
    Scenario: No holomem may bloom on its player's first turn
      The second player's first turn is turn 2: going second gives no exception.

      Given it is B's main step of turn 2
      And B's centre holomem is hSD01-008
      And B's hand is hSD01-010
      Then B may not bloom B.center with hSD01-010 because of rule 8.3.1

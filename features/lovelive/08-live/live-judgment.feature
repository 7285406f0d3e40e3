@game:lovelive @rules:1.06
Feature: The live judgment phase (8.4)

  @rule:8.4.7.1 @rule:8.4.6.2
  Scenario: In a tie, a player whose success live card zone holds two cards moves no card (docs/rulings.md)
    Given it is A's performance step of turn 3
    And A's center member is PL!N-bp3-016-N
    And A's live holds PL!N-pb1-040-L
    And A's success holds PL!N-pb1-040-L, PL!N-pb1-040-L
    And B's center member is PL!N-bp3-016-N
    And B's live holds PL!N-pb1-040-L
    Then A.success.count is 2
    And B.success.count is 1
    And nobody has won yet

  @rule:8.4.3.2 @rule:8.4.13
  Scenario: A live against no live wins the live, and its player becomes the first player (Q66)
    Given it is A's performance step of turn 2
    And B's center member is PL!N-bp3-016-N
    And B's live holds PL!N-pb1-040-L
    Then B.success is PL!N-pb1-040-L
    And B.first is true

@game:lovelive @rules:1.06
Feature: Playing a member (9.6.2)

  @rule:9.6.2.3.1 @rule:9.6.2.4.1
  Scenario: A member is played by paying its cost in energy
    Given it is A's main step of turn 1
    And A has 6 energy
    And A's hand holds PL!N-bp3-016-N
    When A plays PL!N-bp3-016-N to center
    Then A.center is PL!N-bp3-016-N
    And A.energy.active is 1

  @rule:9.6.2.1.2.1
  Scenario: An area whose member entered this turn cannot be chosen again
    Given it is A's main step of turn 2
    And A has 12 energy
    And A's hand holds PL!N-bp3-016-N, PL!-bp3-016-N
    When A plays PL!N-bp3-016-N to right
    Then A may not play PL!-bp3-016-N to right because of rule 9.6.2.1.2.1

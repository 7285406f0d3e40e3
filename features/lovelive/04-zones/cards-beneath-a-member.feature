@game:lovelive @rules:1.06
Feature: Cards beneath a member (4.5.5)

  @rule:4.5.5.4 @rule:9.6.2.3.2
  Scenario: A baton touch moves only the member card; the energy beneath it stays beneath the new member
    Given it is A's main step of turn 2
    And A has 0 energy
    And A's center member is PL!-bp3-016-N with LL-E-003-SD beneath
    And A's hand holds PL!N-bp3-016-N
    When A plays PL!N-bp3-016-N to center
    Then A.center is PL!N-bp3-016-N
    And A.center.under is LL-E-003-SD
    And A.waiting_room is PL!-bp3-016-N

  @rule:4.7.4
  Scenario: Energy beneath a member is not energy and pays no cost (Q184)
    Given it is A's main step of turn 2
    And A has 2 energy
    And A's center member is PL!N-bp3-021-N with LL-E-003-SD, LL-E-003-SD, LL-E-003-SD beneath
    And A's hand holds PL!N-bp3-016-N
    Then A may not play PL!N-bp3-016-N to left because of rule 4.7.4

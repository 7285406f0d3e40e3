@game:lovelive @rules:1.06
Feature: Abilities (9): activated abilities, automatic abilities and their costs

  @rule:9.1.1.1 @rule:9.6.2.4.2
  Scenario: An activated ability whose cost puts its member in the waiting room still resolves
    Given it is A's main step of turn 2
    And A's center member is PL!N-sd1-011-SD
    And A's waiting_room holds PL!N-sd1-026-SD
    And A's hand holds PL!N-bp3-016-N
    When A plays the activated ability of PL!N-sd1-011-SD
    Then A.center.count is 0
    And A.waiting_room.count is 1
    And A.hand.count is 2

  @rule:9.7.3.1.1 @rule:9.7.3.2.1
  Scenario: The optional cost of an automatic ability may be declined
    Given it is A's main step of turn 2
    And A has 9 energy
    And A's hand holds PL!N-sd1-002-SD, PL!N-bp3-016-N
    When A plays PL!N-sd1-002-SD to left
    And the answer is no
    Then A.hand.count is 1
    And A.main_deck.count is 20

@game:lovelive @rules:1.06
Feature: Keywords (11): once per turn, enter

  @rule:11.2.2
  Scenario: A once-per-turn activated ability cannot be played twice in a turn
    Given it is A's main step of turn 2
    And A's center member is PL!SP-sd1-011-SD
    And A has 6 energy
    When A plays the activated ability of PL!SP-sd1-011-SD
    Then A may not play the activated ability of PL!SP-sd1-011-SD because of rule 11.2.2

  @rule:11.4.2
  Scenario: An enter ability is played when its member is put in a member area
    Given it is A's main step of turn 2
    And A has 7 energy
    And A's hand holds PL!N-sd1-008-SD
    When A plays PL!N-sd1-008-SD to center
    Then A.energy.active is 2

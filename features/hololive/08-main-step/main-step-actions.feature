Feature: Main step actions (8.1)

  Rule: 8.1.1 Only the turn player takes main step actions, and only in the main step

    Scenario: The non-turn player cannot collab
      Given it is A's main step of turn 3
      And B's centre holomem is hSD01-008
      And B's back holomem 1 is hSD01-003
      Then B may not collab with B.back.1 because of rule 8.1.1

    @rule:7.5.2
    Scenario: Main step actions are not available in the performance step
      Given it is A's performance step of turn 4
      And A's centre holomem is hSD01-008
      And A's back holomem 1 is hSD01-003
      Then A may not collab with A.back.1 because of rule 8.1.1

    @rule:8.1.2 @rule:10.6.4.3
    Scenario: The turn player takes several actions in any order, then passes to the performance step
      Given it is A's main step of turn 3
      And A's centre holomem is hSD01-008 with cheer green
      And A's hand is hSD01-003, hSD01-010
      When A places hSD01-003
      Then A's back holomem 1 is hSD01-003
      When A blooms A.center with hSD01-010
      Then A's centre holomem is hSD01-010
      When A collabs with A.back.1
      And A passes
      Then it is A's performance step of turn 3
      And A's collab holomem is hSD01-003
      And A's hand is empty

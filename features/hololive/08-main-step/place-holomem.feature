Feature: Putting a holomem from hand onto the stage (8.2)

  Rule: 8.2.1 A Debut or Spot holomem goes from hand onto the back, face up

    Scenario: A Debut holomem is placed on the back and cannot bloom that turn
      Given it is A's main step of turn 3
      And A's centre holomem is hSD01-009
      And A's hand is hSD01-008, hSD01-010
      When A places hSD01-008 on the back
      Then A's back holomem 1 is hSD01-008
      And A's hand is hSD01-010
      And A may not bloom A.back.1 with hSD01-010 because of rule 8.3.2
      But A may bloom A.center with hSD01-010

    @rule:4.6.2.1
    Scenario: No holomem can be placed on a full stage
      Given it is A's main step of turn 3
      And A's centre holomem is hSD01-008
      And A's collab holomem is hSD01-009
      And A's back holomems are hSD01-003, hSD01-004, hSD01-007, hSD01-012
      And A's hand is hSD01-008
      Then A may not place hSD01-008 because of rule 4.6.2.1

  Rule: 8.2.2 A 1st or 2nd holomem cannot be put onto the stage from hand

    Scenario: A 1st holomem cannot be placed
      Given it is A's main step of turn 3
      And A's centre holomem is hSD01-008
      And A's hand is hSD01-010
      Then A may not place hSD01-010 because of rule 8.2.2

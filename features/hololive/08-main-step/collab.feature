Feature: Collabing with a back holomem (8.4)

  Rule: 8.4 A back holomem moves to the collab position and the top card of the deck goes to the holo power

    @rule:8.4.3 @rule:8.4.4
    Scenario: Collabing moves the holomem and puts the top card of the deck into the holo power
      Given it is A's main step of turn 3
      And A's centre holomem is hSD01-008
      And A's back holomem 1 is hSD01-003
      And A's back holomem 1 is called sora
      And A's deck is hSD01-005, hSD01-006
      When A collabs with $sora
      Then $sora is at A's collab position
      And A's back is empty
      And A's holo power has 1 cards
      And A's deck is hSD01-006
      And A has collabed this turn

    @rule:8.4.1
    Scenario: A second collab in the same turn is not allowed
      Given it is A's main step of turn 3
      And A's centre holomem is hSD01-008
      And A's back holomems are hSD01-003, hSD01-009
      When A collabs with A.back.1
      Then A may not collab with A.back.1 because of rule 8.4.1

    @rule:8.4.1
    Scenario: No collab while the collab position is occupied
      Given it is A's main step of turn 3
      And A's centre holomem is hSD01-008
      And A's collab holomem is hSD01-009
      And A's back holomem 1 is hSD01-003
      Then A may not collab with A.back.1 because of rule 8.4.1

    @rule:8.4.2
    Scenario: A resting back holomem cannot collab
      Given it is A's main step of turn 3
      And A's centre holomem is hSD01-008
      And A's back holomem 1 is hSD01-003
      And A's back holomem 1 is rested
      Then A may not collab with A.back.1 because of rule 8.4.2

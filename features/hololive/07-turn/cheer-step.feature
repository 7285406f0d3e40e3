Feature: The cheer step (7.4)

  Rule: 7.4.2 The top card of the cheer deck is sent to one of the turn player's holomems

    @rule:5.21.2
    Scenario: The turn player chooses which holomem receives the cheer
      Given it is A's cheer step of turn 3
      And A's centre holomem is hSD01-008
      And A's back holomem 1 is hSD01-009
      And A's cheer deck is green, white
      When the game advances to A's main step
      And the answer is A's back holomem 1
      Then A's back holomem 1 has cheer green
      And A's centre holomem has 0 cheer
      And A's cheer deck is white

    Scenario: With a single holomem the cheer goes to it without a decision
      Given it is A's cheer step of turn 3
      And A's centre holomem is hSD01-008
      And A's cheer deck is green
      When the game advances to A's main step
      Then A's centre holomem has cheer green
      And A's cheer deck is empty

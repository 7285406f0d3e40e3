Feature: The end step (7.7)

  Rule: 7.7.5 At the end step an empty centre position is filled from the back

    @rule:7.7.5.1
    Scenario: An active back holomem moves to the empty centre
      Given it is A's end step of turn 3
      And A's centre position is empty
      And A's back holomem 1 is hSD01-009
      And A's back holomem 1 is rested
      And A's back holomem 2 is hSD01-008
      And A's back holomem 2 is called active
      When the game advances to B's main step
      Then $active is at A's centre position
      And A's centre holomem is hSD01-008

    @rule:7.7.5.2
    Scenario: When every back holomem is resting one of them moves to the centre
      Given it is A's end step of turn 3
      And A's centre position is empty
      And A's back holomems are hSD01-009, hSD01-008
      And A's back holomem 1 is rested
      And A's back holomem 2 is rested
      When the game advances to B's main step
      And the answer is A.back.2
      Then A's centre holomem is hSD01-008
      And A's back holomem 1 is hSD01-009

    @rule:7.7.5.3
    Scenario: With no back holomem the centre stays empty, even with a collab holomem
      Given it is A's end step of turn 3
      And A's centre position is empty
      And A's collab holomem is hSD01-009
      When the game advances to B's main step
      Then A's centre position is empty
      And A's collab holomem is hSD01-009
      And the game goes on

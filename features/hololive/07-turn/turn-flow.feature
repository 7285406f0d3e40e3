Feature: A whole turn (7.1)

  Rule: 7.1.2 The turn player goes through the steps in order, then the opponent's turn begins

    @rule:7.7.6 @rule:7.3.2 @rule:7.4.2
    Scenario: After the performance step the opponent draws, gets a cheer and reaches the main step
      Given it is A's performance step of turn 4
      And A's centre holomem is hSD01-008 with cheer green
      And B's centre holomem is hSD01-009
      And B's deck is hSD01-010, hSD01-011
      And B's cheer deck is blue
      When A uses the art "You Did Great, Good Job!" of A.center on B.center
      Then B's centre holomem has 20 damage
      When A passes
      Then it is B's main step of turn 5
      And B's hand is hSD01-010
      And B's centre holomem has cheer blue
      And B's centre holomem has 20 damage

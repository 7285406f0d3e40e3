Feature: The draw step (7.3)

  Rule: 7.3.2 The turn player draws a card

    Scenario: The turn player draws the top card of the deck
      Given it is A's draw step of turn 3
      And A's deck is hSD01-003, hSD01-004
      And A's hand is empty
      When the game advances to A's main step
      Then A's hand is hSD01-003
      And A's deck has 1 cards

    @rule:7.3.2.1 @rule:1.2.1.4
    Scenario: A player who cannot draw at the draw step loses
      Given it is A's draw step of turn 3
      And A's deck is empty
      Then B wins the game

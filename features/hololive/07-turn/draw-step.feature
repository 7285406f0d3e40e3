Feature: The draw step (7.3)

  Rule: 7.3.2 The turn player draws a card

    Scenario: The turn player draws the top card of the deck
      Given it is A's draw step of turn 3
      And A's deck is hSD01-003, hSD01-004
      And A's hand is empty
      When the game advances to A's main step
      Then A's hand is hSD01-003
      And A's deck has 1 cards

  Rule: 7.3.2.1 A turn player who cannot draw because the deck is empty loses

    @rule:1.2.1.4
    Scenario: A player who cannot draw at the draw step loses
      Given it is A's draw step of turn 3
      And A's deck is empty
      Then B wins the game

    @rule:1.2.1.4
    Scenario: Advancing into that draw step ends the game there, before the main step
      Given it is A's main step of turn 3
      And A's centre holomem is TEST-WHITE-DEBUT
      And B's centre holomem is TEST-RED-DEBUT
      And B's deck is empty
      When the game advances to B's main step
      Then A wins the game
      And it is B's draw step of turn 4
      And the log shows:
        | event     | step | player | rule    | not |
        | step      | draw | B      |         |     |
        | draw      |      | B      |         | x   |
        | game_over |      |        | 7.3.2.1 |     |
      And the log does not show:
        | event | step |
        | step  | main |

@game:lovelive @rules:1.06
Feature: The live card set phase (8.2)

  @rule:8.2.2 @rule:5.6.2
  Scenario: The first player sets three cards face down and draws three
    Given it is A's live_set step of turn 1
    And A's hand holds PL!N-pb1-040-L, PL!N-pb1-040-L, PL!N-pb1-040-L, PL!N-bp3-021-N
    When the game advances to A's main step of turn 2
    And the answer picks PL!N-pb1-040-L, PL!N-pb1-040-L, PL!N-pb1-040-L
    Then A.hand.count is 5
    And A.live.count is 0

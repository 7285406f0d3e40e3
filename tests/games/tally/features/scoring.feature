@game:tally
Feature: Scoring (5.4)

  @rule:5.4 @rule:5.3
  Scenario: A card higher than the top of the opponent's pile scores
    Given it is A's main step of turn 3
    And A's hand holds N7, N2
    And B's pile holds N5
    When A plays N7
    Then A.points is 1
    And A may not play N2 because of rule 5.3.1

  @rule:1.2 @rule:6.1
  Scenario: The third point wins at once
    Given it is B's main step of turn 4
    And B has 2 points
    And B's hand holds N9
    When B plays N9
    Then B wins the game

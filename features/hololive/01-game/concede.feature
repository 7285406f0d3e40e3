Feature: Winning and losing (1.2)

  Rule: 1.2.3 A player may concede at any time; the game ends at once

    Scenario: The turn player concedes in the main step
      Given it is A's main step of turn 3
      When A concedes
      Then B wins the game

    Scenario: Conceding needs no check timing: the opponent wins even with an empty stage
      Given it is A's performance step of turn 4
      And A's centre holomem is hSD01-008 with cheer green
      And B's centre holomem is hSD01-009
      When B concedes
      Then A wins the game
      And B's centre holomem is hSD01-009

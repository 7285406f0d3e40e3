Feature: Defeat and down processing (11.2, 11.3)

  @rule:11.3.1.2 @rule:11.2.2 @rule:1.2.1.3
  @twin:scenarios/hololive/11-rule-processing/empty-stage-loses.yaml
  Scenario: A player whose stage is empty after a down loses at the check timing
    Given it is A's performance step of turn 5
    And A's centre holomem is hSD01-011 with cheer green
    And B's centre holomem is hSD01-009
    And B's centre holomem has 10 damage
    When A uses the art "SorAZ Gravity" of A's centre holomem on B's centre holomem
    Then B's archive contains hSD01-009
    And A wins the game

Feature: Choosing the holomem that uses an art (9.2.1)

  Rule: 9.2 The turn player chooses their centre or collab holomem to play an art

    @rule:9.2.1.2
    Scenario: A resting holomem cannot use an art
      Given it is A's performance step of turn 4
      And A's centre holomem is hSD01-011 with cheer green
      And A's centre holomem is rested
      Then A may not use the art "SorAZ Gravity" of A.center on B.center because of rule 9.2.1.2

    @rule:9.2.1.1
    Scenario: A holomem without the cheer for any of its arts cannot use an art
      Given it is A's performance step of turn 4
      And A's centre holomem is hSD01-010 with cheer white
      Then A may not use the art "A Journey to Nowhere with You" of A.center on B.center because of rule 9.2.1.1

    @rule:9.2.1.3 @rule:9.2.1.5
    Scenario: The centre holomem uses an art only once per performance step
      Given it is A's performance step of turn 4
      And A's centre holomem is hSD01-008 with cheer green
      And B's centre holomem is TEST-WHITE-DEBUT
      When A uses the art "You Did Great, Good Job!" of A.center on B.center
      Then A may not use the art "You Did Great, Good Job!" of A.center on B.center because of rules 9.2.1.3 or 9.2.1.5

    @rule:9.2.1.4 @rule:9.1.2
    Scenario: The centre and the collab holomem each use an art in the same performance step
      Given it is A's performance step of turn 4
      And A's centre holomem is hSD01-008 with cheer green
      And A's collab holomem is hSD01-009 with cheer white
      And B's centre holomem is TEST-WHITE-DEBUT
      When A uses the art "You Did Great, Good Job!" of A's centre holomem on B's centre holomem
      Then B's centre holomem has 20 damage
      When A uses the art "And then, and then" of A's collab holomem on B's centre holomem
      Then B's centre holomem has 30 damage
      And A may not use the art "And then, and then" of A.collab on B.center because of rule 9.2.1.4

  Rule: 9.1.1 Only the turn player performs, with their centre and collab holomems

    Scenario: Only the turn player performs
      Given it is A's performance step of turn 4
      And A's centre holomem is hSD01-008 with cheer green
      And B's centre holomem is hSD01-009 with cheer green
      Then B may not use the art "And then, and then" of B.center on A.center because of rule 9.1.1

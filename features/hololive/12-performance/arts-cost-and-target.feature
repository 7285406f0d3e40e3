Feature: Playing an art: cost and target (12.3.3)

  Rule: 12.3.3.1 The cost of an art is the cheer it needs attached; it is not archived

    @rule:12.3.3.1.1
    Scenario: Using an art does not archive the cheer it needs
      Given it is A's performance step of turn 4
      And A's centre holomem is hSD01-010 with cheer green, white
      When A uses the art "A Journey to Nowhere with You" of A.center on B.center
      Then A's centre holomem has cheer green, white
      And A's archive is empty
      And B's centre holomem has 50 damage

    Scenario: An art whose cheer is not attached cannot be chosen, even if another art can
      Given it is A's performance step of turn 4
      And A's centre holomem is hSD01-011 with cheer green
      Then A may not use the art "Destiny Song" of A.center on B.center because of rule 12.3.3.1
      But A may use the art "SorAZ Gravity" of A.center on B.center

    Scenario: A colourless cost is paid by cheer of any colour
      Given it is A's performance step of turn 4
      And A's centre holomem is hSD01-008 with cheer red
      Then A may use the art "You Did Great, Good Job!" of A.center on B.center
      When A uses the art "You Did Great, Good Job!" of A.center on B.center
      Then B's centre holomem has 20 damage

  Rule: 12.3.3.2 The target is the opponent's centre or collab holomem

    Scenario: A back holomem cannot be targeted
      Given it is A's performance step of turn 4
      And A's centre holomem is hSD01-008 with cheer green
      And B's centre holomem is hSD01-009
      And B's back holomem 1 is hSD01-003
      Then A may not use the art "You Did Great, Good Job!" of A.center on B.back.1 because of rule 12.3.3.2
      But A may use the art "You Did Great, Good Job!" of A.center on B.center

    Scenario: The opponent's collab holomem can be targeted
      Given it is A's performance step of turn 4
      And A's centre holomem is hSD01-008 with cheer green
      And B's centre holomem is hSD01-009
      And B's collab holomem is hSD01-003
      When A uses the art "You Did Great, Good Job!" of A.center on B's collab holomem
      Then B's collab holomem has 20 damage
      And B's centre holomem has 0 damage

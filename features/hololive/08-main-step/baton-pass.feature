Feature: Baton pass (8.7)

  Rule: 8.7 The centre archives cheer for the baton-pass cost and changes places with a back holomem

    @rule:8.7.2 @rule:8.7.3 @rule:5.18.1
    Scenario: A baton pass archives the cost and swaps the centre with the back holomem
      Given it is A's main step of turn 3
      And A's centre holomem is hSD01-008 with cheer green, white
      And A's centre holomem is called azki
      And A's back holomem 1 is hSD01-003
      And A's back holomem 1 is called sora
      When A baton passes to $sora, archiving white
      Then $sora is at A's centre position
      And $azki is at A's back position 1
      And $azki has cheer green
      And A's archive contains white
      And A has baton passed this turn

    @rule:8.7.4
    Scenario: Only one baton pass per turn
      Given it is A's main step of turn 3
      And A's centre holomem is hSD01-008 with cheer green
      And A's back holomem 1 is hSD01-003 with cheer white
      When A baton passes to A.back.1
      Then A may not baton pass to A.back.1 because of rule 8.7.4

    @rule:8.7.2
    Scenario: A centre without the cheer for the cost cannot baton pass
      Given it is A's main step of turn 3
      And A's centre holomem is hSD01-011 with cheer green
      And A's back holomem 1 is hSD01-003
      Then A may not baton pass to A.back.1 because of rule 8.7.2

    @rule:8.7.1
    Scenario: A resting back holomem cannot be chosen
      Given it is A's main step of turn 3
      And A's centre holomem is hSD01-008 with cheer green
      And A's back holomem 1 is hSD01-003
      And A's back holomem 1 is rested
      Then A may not baton pass to A.back.1 because of rule 8.7.1



# Pclass: one letter and a word; 3 classes over 6 passengers (names distinct), survivors by class: 1: 2, 3: 1
SHIP = ("Name,Pclass,Survived,Fare\nAnn,1,1,80\nBob,1,1,70\nCy,2,0,20\nDan,3,1,8\nEve,3,0,7\nFay,3,0,9\n")


def test_a_header_of_one_letter_and_a_word():
    assert ask(SHIP, "How many unique passenger classes are there?").results[-1].result.value == 3
    outcome = ask(SHIP, "Which passenger class has the highest total Fare?")  # 1: 150
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.groups[0].key == [1]
    # the first word must start with the header's letter: 'cabin class' is not Pclass
    assert ask(SHIP, "How many unique cabin classes are there?").status != "answered"


def test_every_person_of_a_table_of_people_is_every_row():
    outcome = ask(SHIP, "Is every passenger's name unique?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.holds is True
    # customers repeat: 'every customer' may group, refused as before
    assert ask(ORDERS, "Is every customer's city unique?").status != "answered"

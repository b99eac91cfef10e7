"""Generate the held-out eval tables (seeded, run once; the CSVs are committed) and the held-out
case file evals/cases/heldout.yaml, whose gold answers come from the DuckDB SQL in questions.py
(never from Tally's code). Run: python evals/tables/heldout/make.py [--cases-only]"""

from __future__ import annotations

import sys
from datetime import date, timedelta
from pathlib import Path

import numpy as np
import pandas as pd

HERE = Path(__file__).resolve().parent
FIRST = ["Ava", "Liam", "Maya", "Noah", "Priya", "Omar", "Chen", "Sofia", "Diego", "Hannah", "Kwame", "Ingrid",
         "Mateo", "Yuki", "Fatima", "Lucas", "Zara", "Ethan", "Nadia", "Oscar", "Leila", "Tomas", "Grace", "Ravi"]
LAST = ["Okafor", "Lindqvist", "Patel", "Moreau", "Nakamura", "Garcia", "Kowalski", "Haddad", "Brennan", "Silva",
        "Novak", "Thompson", "Ivanova", "Mensah", "Rossi", "Fischer", "Reyes", "Dubois", "Kim", "Walsh"]


def _day(rng, start: date, span_days: int) -> date:
    return start + timedelta(days=int(rng.integers(0, span_days)))


def names(rng, n: int) -> list[str]:
    """n distinct 'First Last' names."""
    pool = [f"{f} {l}" for f in FIRST for l in LAST]
    return list(rng.choice(pool, size=n, replace=False))


def hr_roster(rng) -> pd.DataFrame:
    depts = {"Engineering": 118000, "Sales": 82000, "Marketing": 76000, "Finance": 90000, "HR": 68000, "Support": 56000}
    titles = {"Engineering": ["Software Engineer", "Senior Engineer", "Staff Engineer"],
              "Sales": ["Account Executive", "Sales Manager"], "Marketing": ["Marketing Specialist", "Brand Manager"],
              "Finance": ["Analyst", "Controller"], "HR": ["HR Generalist", "Recruiter"],
              "Support": ["Support Agent", "Support Lead"]}
    rows = []
    for i, name in enumerate(names(rng, 64)):
        dept = rng.choice(list(depts), p=[.3, .2, .12, .12, .08, .18])
        salary = int(round((depts[dept] * rng.uniform(0.8, 1.35)) / 500) * 500)
        rows.append({"employee_id": f"E{1001 + i}", "full_name": name, "department": dept,
                     "job_title": rng.choice(titles[dept]), "hire_date": _day(rng, date(2014, 1, 1), 3900).isoformat(),
                     "location": rng.choice(["Austin", "Boston", "Denver", "Remote"], p=[.3, .25, .2, .25]),
                     "age": int(rng.integers(22, 63)), "salary": salary,
                     "status": rng.choice(["Active", "On Leave", "Terminated"], p=[.84, .06, .10])})
    return pd.DataFrame(rows)


def ticket_log(rng) -> pd.DataFrame:
    agents = ["Ravi Kim", "Grace Walsh", "Oscar Rossi", "Leila Novak", "Tomas Silva"]
    rows = []
    for i in range(72):
        tid, day = f"TCK-{2040 + i}", _day(rng, date(2024, 1, 2), 170)
        prio = rng.choice(["Low", "Medium", "High", "Urgent"], p=[.3, .4, .2, .1])
        product, agent = rng.choice(["Billing", "Mobile App", "Web Portal", "API"]), rng.choice(agents)
        path = ["Opened", "In Progress"] + (["Waiting on Customer"] if rng.random() < .35 else []) + ["Resolved"]
        if rng.random() < .2:
            path += ["Reopened", "In Progress", "Resolved"]
        path = path[: int(rng.integers(1, len(path) + 1))] if rng.random() < .25 else path + ["Closed"]
        for status in path:
            rows.append({"ticket_id": tid, "event_date": day.isoformat(), "status": status, "priority": prio,
                         "product": product, "assignee": agent})
            day += timedelta(days=int(rng.integers(0, 6)))
    return pd.DataFrame(rows)


def sales_ledger(rng) -> pd.DataFrame:
    price = {"Hardware": 420.0, "Software": 1150.0, "Services": 260.0, "Training": 95.0}
    reps = {"North": ["Ava Patel", "Noah Fischer"], "South": ["Maya Reyes", "Diego Kim"],
            "East": ["Hannah Dubois", "Chen Mensah"], "West": ["Lucas Walsh", "Zara Okafor"]}
    rows = []
    for i in range(160):
        region = rng.choice(list(reps), p=[.3, .2, .3, .2])
        line, units = rng.choice(list(price)), int(rng.integers(1, 25))
        amount = round(units * price[line] * rng.uniform(0.85, 1.1), 2)
        rows.append({"invoice_no": f"INV-{5001 + i}", "order_date": _day(rng, date(2023, 1, 1), 730).isoformat(),
                     "region": region, "sales_rep": rng.choice(reps[region]), "product_line": line, "units": units,
                     "amount": f"${amount:,.2f}",
                     "payment_status": rng.choice(["Paid", "Pending", "Overdue"], p=[.75, .15, .10])})
    return pd.DataFrame(rows).sort_values("order_date", kind="stable").reset_index(drop=True)


def season_stats(rng) -> pd.DataFrame:
    players = names(rng, 18)
    rows = []
    for p, name in enumerate(players):
        pos, team = rng.choice(["Guard", "Forward", "Center"]), rng.choice(["Hawks", "Comets", "Rangers", "Pilots"])
        first, skill = int(rng.integers(2018, 2022)), rng.uniform(6, 24)
        for season in range(first, min(2024, first + int(rng.integers(2, 7)))):
            if rng.random() < .15:
                team = rng.choice(["Hawks", "Comets", "Rangers", "Pilots"])
            games = int(rng.integers(40, 83))
            rows.append({"season": season, "player": name, "team": team, "position": pos, "games_played": games,
                         "points": int(games * skill * rng.uniform(.8, 1.2)),
                         "assists": int(games * rng.uniform(.5, 8) * (1.6 if pos == "Guard" else 1)),
                         "rebounds": int(games * rng.uniform(2, 7) * (1.7 if pos == "Center" else 1))})
    return pd.DataFrame(rows)


def product_catalogue(rng) -> pd.DataFrame:
    cats = {"Kitchen": ["Kettle", "Blender", "Toaster", "Knife Set", "Coffee Grinder"],
            "Outdoor": ["Tent", "Camp Stove", "Headlamp", "Sleeping Bag"],
            "Electronics": ["Headphones", "Speaker", "Charger", "Webcam", "Keyboard"],
            "Home": ["Lamp", "Rug", "Throw Blanket", "Mirror"]}
    rows, n = [], 0
    for cat, items in cats.items():
        for item in items:
            for brand in rng.choice(["Northwind", "Alder", "Brightline", "Kestrel"], size=int(rng.integers(2, 4)), replace=False):
                n += 1
                on_sale = rng.random() < .35
                rows.append({"sku": f"SKU-{300 + n}", "product_name": f"{brand} {item}", "category": cat, "brand": brand,
                             "price": round(float(rng.uniform(12, 260)), 2), "in_stock": "Yes" if rng.random() < .75 else "No",
                             "on_sale": "Yes" if on_sale else "No",
                             "discount": f"{int(rng.choice([10, 15, 20, 25, 30]))}%" if on_sale else "0%",
                             "rating": round(float(rng.uniform(2.5, 5.0)), 1), "units_sold": int(rng.integers(0, 900))})
    return pd.DataFrame(rows)


def survey(rng) -> pd.DataFrame:
    rows = []
    for i in range(140):
        plan = rng.choice(["Free", "Pro", "Team"], p=[.45, .35, .2])
        base = {"Free": 3.0, "Pro": 3.7, "Team": 4.1}[plan]
        score = lambda: int(np.clip(round(rng.normal(base, 1.0)), 1, 5))  # noqa: E731
        sat = score()
        rows.append({"response_id": 9001 + i, "submitted_on": _day(rng, date(2024, 4, 1), 91).isoformat(),
                     "age_group": rng.choice(["18-24", "25-34", "35-44", "45-54", "55+"]),
                     "country": rng.choice(["US", "UK", "Germany", "India", "Brazil"], p=[.35, .2, .15, .2, .1]),
                     "plan": plan, "satisfaction": sat, "ease_of_use": score(), "support_rating": score(),
                     "would_recommend": "Yes" if sat >= 4 or rng.random() < .15 else "No"})
    return pd.DataFrame(rows)


TABLES = {"hr_roster": hr_roster, "ticket_log": ticket_log, "sales_ledger": sales_ledger,
          "season_stats": season_stats, "product_catalogue": product_catalogue, "survey_responses": survey}


def write_tables(seed: int = 20261130) -> None:
    """Write every table as HERE/<name>.csv; one seeded generator per table so each is reproducible alone."""
    for i, (name, make) in enumerate(TABLES.items()):
        make(np.random.default_rng(seed + i)).to_csv(HERE / f"{name}.csv", index=False)


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    if "--cases-only" not in sys.argv:
        write_tables()
    from questions import write_cases

    write_cases()

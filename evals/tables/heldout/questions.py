"""The held-out questions: phrasing, type and the DuckDB SQL (table bound as `t`) that computes each
gold answer. `category` and ranked `list[category]` SQL returns (key, metric) rows in rank order, so
the writer can refuse a gold answer that rests on a tie. `abstain` questions have no SQL: the table
cannot answer them (no such column, a forecast, a cause)."""

from __future__ import annotations

from pathlib import Path

import duckdb
import yaml

EVALS = Path(__file__).resolve().parents[2]
SHARED = (EVALS.parent / ".." / "shared" / "data").resolve()
MONEY = "CAST(REPLACE(REPLACE(amount, '$', ''), ',', '') AS DOUBLE)"
PCT = "CAST(REPLACE(discount, '%', '') AS DOUBLE)"
TABLES = {"hr": "tables/heldout/hr_roster.csv", "tk": "tables/heldout/ticket_log.csv",
          "sl": "tables/heldout/sales_ledger.csv", "ss": "tables/heldout/season_stats.csv",
          "pc": "tables/heldout/product_catalogue.csv", "sv": "tables/heldout/survey_responses.csv",
          "fr": "transactions/kaggle_fraud_train_first5039.csv"}
A = None  # abstain: no SQL

Q = [  # (table key, question, type, sql, options)
    # HR roster
    ("hr", "how many ppl are on the roster?", "number", "SELECT COUNT(*) FROM t", {}),
    ("hr", "What's the average salary in Engineering?", "number", "SELECT AVG(salary) FROM t WHERE department = 'Engineering'", {}),
    ("hr", "Who earns the most?", "category", "SELECT full_name, salary FROM t ORDER BY salary DESC", {}),
    ("hr", "Which department pays the best on average?", "category", "SELECT department, AVG(salary) FROM t GROUP BY 1 ORDER BY 2 DESC", {}),
    ("hr", "Total payroll per department", "mapping", "SELECT department, SUM(salary) FROM t GROUP BY 1", {}),
    ("hr", "How many employees are based in Denver?", "number", "SELECT COUNT(*) FROM t WHERE location = 'Denver'", {}),
    ("hr", "How many different job titles do we have?", "number", "SELECT COUNT(DISTINCT job_title) FROM t", {}),
    ("hr", "List the 3 highest paid employees", "list[category]", "SELECT full_name, salary FROM t ORDER BY salary DESC", {"n": 3}),
    ("hr", "Is anyone on the roster older than 60?", "boolean", "SELECT COUNT(*) > 0 FROM t WHERE age > 60", {}),
    ("hr", "How many people did we hire in 2020?", "number", "SELECT COUNT(*) FROM t WHERE YEAR(hire_date) = 2020", {}),
    ("hr", "How many employees were hired between January 2016 and December 2018?", "number",
     "SELECT COUNT(*) FROM t WHERE hire_date BETWEEN DATE '2016-01-01' AND DATE '2018-12-31'", {}),
    ("hr", "What's the median age of staff?", "number", "SELECT MEDIAN(age) FROM t", {}),
    ("hr", "Which office location has the most employees?", "category", "SELECT location, COUNT(*) FROM t GROUP BY 1 ORDER BY 2 DESC", {}),
    ("hr", "How many terminated employees are there?", "number", "SELECT COUNT(*) FROM t WHERE status = 'Terminated'", {}),
    ("hr", "What percentage of employees work remotely?", "number", "SELECT 100.0 * COUNT(*) FILTER (WHERE location = 'Remote') / COUNT(*) FROM t", {}),
    ("hr", "Do Sales staff earn more on average than Marketing staff?", "boolean",
     "SELECT AVG(salary) FILTER (WHERE department = 'Sales') > AVG(salary) FILTER (WHERE department = 'Marketing') FROM t", {}),
    ("hr", "what's the age of our youngest employee", "number", "SELECT MIN(age) FROM t", {}),
    ("hr", "Who was hired most recently?", "category", "SELECT full_name, hire_date FROM t ORDER BY hire_date DESC", {}),
    ("hr", "Headcount by department?", "mapping", "SELECT department, COUNT(*) FROM t GROUP BY 1", {}),
    ("hr", "What's the average bonus paid to engineers?", "abstain", A, {}),
    ("hr", "How many employees will leave next year?", "abstain", A, {}),
    ("hr", "Which employee has the best performance review score?", "abstain", A, {}),
    # ticket status log: one row per status change, ticket ids repeat
    ("tk", "How many tickets are there?", "number", "SELECT COUNT(DISTINCT ticket_id) FROM t", {}),
    ("tk", "How many status updates are in the log?", "number", "SELECT COUNT(*) FROM t", {}),
    ("tk", "How many tickets got reopened?", "number", "SELECT COUNT(DISTINCT ticket_id) FROM t WHERE status = 'Reopened'", {}),
    ("tk", "Which assignee has the fewest tickets?", "category",
     "SELECT assignee, COUNT(DISTINCT ticket_id) FROM t GROUP BY 1 ORDER BY 2", {}),
    ("tk", "How many tickets were opened in March 2024?", "number",
     "SELECT COUNT(*) FROM t WHERE status = 'Opened' AND event_date BETWEEN DATE '2024-03-01' AND DATE '2024-03-31'", {}),
    ("tk", "how many urgent tickets do we have", "number", "SELECT COUNT(DISTINCT ticket_id) FROM t WHERE priority = 'Urgent'", {}),
    ("tk", "Which product generates the most log entries?", "category", "SELECT product, COUNT(*) FROM t GROUP BY 1 ORDER BY 2 DESC", {}),
    ("tk", "How many log entries are for the API product?", "number", "SELECT COUNT(*) FROM t WHERE product = 'API'", {}),
    ("tk", "How many events are marked Closed?", "number", "SELECT COUNT(*) FROM t WHERE status = 'Closed'", {}),
    ("tk", "What are the possible ticket statuses?", "list[category]", "SELECT DISTINCT status FROM t", {}),
    ("tk", "How many events happened between 2024-04-01 and 2024-04-30?", "number",
     "SELECT COUNT(*) FROM t WHERE event_date BETWEEN DATE '2024-04-01' AND DATE '2024-04-30'", {}),
    ("tk", "Has ticket TCK-2050 been closed?", "boolean", "SELECT COUNT(*) > 0 FROM t WHERE ticket_id = 'TCK-2050' AND status = 'Closed'", {}),
    ("tk", "How many tickets does Grace Walsh have?", "number", "SELECT COUNT(DISTINCT ticket_id) FROM t WHERE assignee = 'Grace Walsh'", {}),
    ("tk", "Count of events by status", "mapping", "SELECT status, COUNT(*) FROM t GROUP BY 1", {}),
    ("tk", "Which product has the most tickets?", "category",
     "SELECT product, COUNT(DISTINCT ticket_id) FROM t GROUP BY 1 ORDER BY 2 DESC", {}),
    ("tk", "What share of log events are High priority?", "number", "SELECT 100.0 * COUNT(*) FILTER (WHERE priority = 'High') / COUNT(*) FROM t", {}),
    ("tk", "Number of distinct ticket ids in the Billing product", "number", "SELECT COUNT(DISTINCT ticket_id) FROM t WHERE product = 'Billing'", {}),
    ("tk", "Which customer filed the most tickets?", "abstain", A, {}),
    ("tk", "What's the CSAT score for TCK-2045?", "abstain", A, {}),
    ("tk", "Why do API tickets get reopened so often?", "abstain", A, {}),
    # sales ledger: money strings like "$1,234.50"
    ("sl", "What's our total revenue?", "number", f"SELECT SUM({MONEY}) FROM t", {}),
    ("sl", "Total sales in the West region", "number", f"SELECT SUM({MONEY}) FROM t WHERE region = 'West'", {}),
    ("sl", "revenue by region please", "mapping", f"SELECT region, SUM({MONEY}) FROM t GROUP BY 1", {}),
    ("sl", "Which sales rep brought in the most money?", "category", f"SELECT sales_rep, SUM({MONEY}) FROM t GROUP BY 1 ORDER BY 2 DESC", {}),
    ("sl", "How many invoices are overdue?", "number", "SELECT COUNT(*) FROM t WHERE payment_status = 'Overdue'", {}),
    ("sl", "Average order amount for Software?", "number", f"SELECT AVG({MONEY}) FROM t WHERE product_line = 'Software'", {}),
    ("sl", "How many units of Hardware did we sell?", "number", "SELECT SUM(units) FROM t WHERE product_line = 'Hardware'", {}),
    ("sl", "What was total revenue in 2024?", "number", f"SELECT SUM({MONEY}) FROM t WHERE YEAR(order_date) = 2024", {}),
    ("sl", "By what percent did revenue change from 2023 to 2024?", "number",
     f"SELECT 100.0 * (SUM({MONEY}) FILTER (WHERE YEAR(order_date) = 2024) - SUM({MONEY}) FILTER (WHERE YEAR(order_date) = 2023))"
     f" / SUM({MONEY}) FILTER (WHERE YEAR(order_date) = 2023) FROM t", {}),
    ("sl", "What's the largest single invoice?", "number", f"SELECT MAX({MONEY}) FROM t", {}),
    ("sl", "Which product line moved the most units?", "category", "SELECT product_line, SUM(units) FROM t GROUP BY 1 ORDER BY 2 DESC", {}),
    ("sl", "Top 2 regions by revenue", "list[category]", f"SELECT region, SUM({MONEY}) FROM t GROUP BY 1 ORDER BY 2 DESC", {"n": 2}),
    ("sl", "How many sales did we make in Q1 2024?", "number",
     "SELECT COUNT(*) FROM t WHERE order_date BETWEEN DATE '2024-01-01' AND DATE '2024-03-31'", {}),
    ("sl", "Did the East region sell more than the North in total?", "boolean",
     f"SELECT SUM({MONEY}) FILTER (WHERE region = 'East') > SUM({MONEY}) FILTER (WHERE region = 'North') FROM t", {}),
    ("sl", "How much money is still outstanding (pending or overdue)?", "number",
     f"SELECT SUM({MONEY}) FROM t WHERE payment_status IN ('Pending', 'Overdue')", {}),
    ("sl", "Average units per order", "number", "SELECT AVG(units) FROM t", {}),
    ("sl", "How many different sales reps are there?", "number", "SELECT COUNT(DISTINCT sales_rep) FROM t", {}),
    ("sl", "How much did Hannah Dubois sell in 2023?", "number",
     f"SELECT SUM({MONEY}) FROM t WHERE sales_rep = 'Hannah Dubois' AND YEAR(order_date) = 2023", {}),
    ("sl", "What's the smallest invoice amount?", "number", f"SELECT MIN({MONEY}) FROM t", {}),
    ("sl", "Number of invoices per payment status", "mapping", "SELECT payment_status, COUNT(*) FROM t GROUP BY 1", {}),
    ("sl", "What's our profit margin on Services?", "abstain", A, {}),
    ("sl", "Which customer ordered the most?", "abstain", A, {}),
    ("sl", "What will revenue be next quarter?", "abstain", A, {}),
    # sports seasons: a player repeats across seasons
    ("ss", "Who scored the most points in a single season?", "category", "SELECT player, points FROM t ORDER BY points DESC", {}),
    ("ss", "Who has the most career points?", "category", "SELECT player, SUM(points) FROM t GROUP BY 1 ORDER BY 2 DESC", {}),
    ("ss", "How many seasons did Noah Thompson play?", "number", "SELECT COUNT(*) FROM t WHERE player = 'Noah Thompson'", {}),
    ("ss", "How many different players are in the data?", "number", "SELECT COUNT(DISTINCT player) FROM t", {}),
    ("ss", "Total points scored by the Hawks in 2021", "number", "SELECT SUM(points) FROM t WHERE team = 'Hawks' AND season = 2021", {}),
    ("ss", "Which team scored the most points in 2022?", "category",
     "SELECT team, SUM(points) FROM t WHERE season = 2022 GROUP BY 1 ORDER BY 2 DESC", {}),
    ("ss", "Average rebounds per season for centers", "number", "SELECT AVG(rebounds) FROM t WHERE position = 'Center'", {}),
    ("ss", "Top 3 players by total assists", "list[category]", "SELECT player, SUM(assists) FROM t GROUP BY 1 ORDER BY 2 DESC", {"n": 3}),
    ("ss", "Did Nadia Kowalski ever play for the Rangers?", "boolean",
     "SELECT COUNT(*) > 0 FROM t WHERE player = 'Nadia Kowalski' AND team = 'Rangers'", {}),
    ("ss", "How many games did Yuki Nakamura play in total?", "number", "SELECT SUM(games_played) FROM t WHERE player = 'Yuki Nakamura'", {}),
    ("ss", "What's the highest rebound total anyone had in a season?", "number", "SELECT MAX(rebounds) FROM t", {}),
    ("ss", "How many players played in 2023?", "number", "SELECT COUNT(DISTINCT player) FROM t WHERE season = 2023", {}),
    ("ss", "Which season had the most total points?", "number", "SELECT season, SUM(points) FROM t GROUP BY 1 ORDER BY 2 DESC", {}),
    ("ss", "How many points did Ethan Fischer score in 2020?", "number", "SELECT SUM(points) FROM t WHERE player = 'Ethan Fischer' AND season = 2020", {}),
    ("ss", "Total points per season", "mapping", "SELECT season, SUM(points) FROM t GROUP BY 1", {}),
    ("ss", "What were the league's total points in 2023 compared to 2019, as a percent change?", "number",
     "SELECT 100.0 * (SUM(points) FILTER (WHERE season = 2023) - SUM(points) FILTER (WHERE season = 2019))"
     " / SUM(points) FILTER (WHERE season = 2019) FROM t", {}),
    ("ss", "Average points per season for guards", "number", "SELECT AVG(points) FROM t WHERE position = 'Guard'", {}),
    ("ss", "Who won the championship in 2022?", "abstain", A, {}),
    ("ss", "What's Noah Thompson's salary?", "abstain", A, {}),
    # product catalogue: Yes/No booleans, a percent column
    ("pc", "How many products are in stock?", "number", "SELECT COUNT(*) FROM t WHERE in_stock", {}),
    ("pc", "What % of products are on sale?", "number", "SELECT 100.0 * COUNT(*) FILTER (WHERE on_sale) / COUNT(*) FROM t", {}),
    ("pc", "What's the most expensive product?", "category", "SELECT product_name, price FROM t ORDER BY price DESC", {}),
    ("pc", "Average price of Electronics?", "number", "SELECT AVG(price) FROM t WHERE category = 'Electronics'", {}),
    ("pc", "Which brand has the most products?", "category", "SELECT brand, COUNT(*) FROM t GROUP BY 1 ORDER BY 2 DESC", {}),
    ("pc", "How many Kitchen items are out of stock?", "number", "SELECT COUNT(*) FROM t WHERE category = 'Kitchen' AND NOT in_stock", {}),
    ("pc", "What's the average discount on items that are on sale?", "number", f"SELECT AVG({PCT}) FROM t WHERE on_sale", {}),
    ("pc", "Which category sold the most units?", "category", "SELECT category, SUM(units_sold) FROM t GROUP BY 1 ORDER BY 2 DESC", {}),
    ("pc", "Top 5 best-selling products", "list[category]", "SELECT product_name, units_sold FROM t ORDER BY units_sold DESC", {"n": 5}),
    ("pc", "Is there any product rated 5.0?", "boolean", "SELECT COUNT(*) > 0 FROM t WHERE rating = 5.0", {}),
    ("pc", "What's the average rating of Alder products?", "number", "SELECT AVG(rating) FROM t WHERE brand = 'Alder'", {}),
    ("pc", "How many products cost under $50?", "number", "SELECT COUNT(*) FROM t WHERE price < 50", {}),
    ("pc", "Total units sold by category", "mapping", "SELECT category, SUM(units_sold) FROM t GROUP BY 1", {}),
    ("pc", "How many distinct categories are there?", "number", "SELECT COUNT(DISTINCT category) FROM t", {}),
    ("pc", "Are there more Outdoor products than Home products?", "boolean",
     "SELECT COUNT(*) FILTER (WHERE category = 'Outdoor') > COUNT(*) FILTER (WHERE category = 'Home') FROM t", {}),
    ("pc", "What's the cheapest item that's in stock?", "category", "SELECT product_name, price FROM t WHERE in_stock ORDER BY price", {}),
    ("pc", "How many products have a discount of 20% or more?", "number", f"SELECT COUNT(*) FROM t WHERE {PCT} >= 20", {}),
    ("pc", "What's the return rate for Kestrel headphones?", "abstain", A, {}),
    ("pc", "How much profit did we make on kettles?", "abstain", A, {}),
    # survey: 1-5 ratings
    ("sv", "What's the average satisfaction score?", "number", "SELECT AVG(satisfaction) FROM t", {}),
    ("sv", "How many people gave a 5 for satisfaction?", "number", "SELECT COUNT(*) FROM t WHERE satisfaction = 5", {}),
    ("sv", "What percentage of respondents would recommend us?", "number",
     "SELECT 100.0 * COUNT(*) FILTER (WHERE would_recommend) / COUNT(*) FROM t", {}),
    ("sv", "Which plan has the happiest users on average?", "category", "SELECT plan, AVG(satisfaction) FROM t GROUP BY 1 ORDER BY 2 DESC", {}),
    ("sv", "Average ease of use rating by plan", "mapping", "SELECT plan, AVG(ease_of_use) FROM t GROUP BY 1", {}),
    ("sv", "How many responses came from India?", "number", "SELECT COUNT(*) FROM t WHERE country = 'India'", {}),
    ("sv", "Which country has the most respondents?", "category", "SELECT country, COUNT(*) FROM t GROUP BY 1 ORDER BY 2 DESC", {}),
    ("sv", "How many responses were submitted in May 2024?", "number",
     "SELECT COUNT(*) FROM t WHERE submitted_on BETWEEN DATE '2024-05-01' AND DATE '2024-05-31'", {}),
    ("sv", "What's the most common satisfaction rating?", "category",
     "SELECT CAST(satisfaction AS VARCHAR), COUNT(*) FROM t GROUP BY 1 ORDER BY 2 DESC", {}),
    ("sv", "What's the lowest support rating anyone gave?", "number", "SELECT MIN(support_rating) FROM t", {}),
    ("sv", "How many Team plan users rated support 1 or 2?", "number",
     "SELECT COUNT(*) FROM t WHERE plan = 'Team' AND support_rating <= 2", {}),
    ("sv", "avg satisfaction for 18-24 year olds?", "number", "SELECT AVG(satisfaction) FROM t WHERE age_group = '18-24'", {}),
    ("sv", "Is average satisfaction higher on Pro than on Free?", "boolean",
     "SELECT AVG(satisfaction) FILTER (WHERE plan = 'Pro') > AVG(satisfaction) FILTER (WHERE plan = 'Free') FROM t", {}),
    ("sv", "How many survey responses do we have?", "number", "SELECT COUNT(*) FROM t", {}),
    ("sv", "Median ease of use score", "number", "SELECT MEDIAN(ease_of_use) FROM t", {}),
    ("sv", "Which age groups took the survey?", "list[category]", "SELECT DISTINCT age_group FROM t", {}),
    ("sv", "What share of responses rated satisfaction 4 or higher?", "number",
     "SELECT 100.0 * COUNT(*) FILTER (WHERE satisfaction >= 4) / COUNT(*) FROM t", {}),
    ("sv", "What's the average income of respondents?", "abstain", A, {}),
    ("sv", "How did satisfaction change compared to last year's survey?", "abstain", A, {}),
    # Kaggle fraud transactions (shared data)
    ("fr", "How many fraudulent transactions are there?", "number", "SELECT SUM(is_fraud) FROM t", {}),
    ("fr", "What's the fraud rate as a percentage?", "number", "SELECT 100.0 * SUM(is_fraud) / COUNT(*) FROM t", {}),
    ("fr", "Average amount of a fraud transaction?", "number", "SELECT AVG(amt) FROM t WHERE is_fraud = 1", {}),
    ("fr", "Which category has the most fraud cases?", "category",
     "SELECT category, SUM(is_fraud) FROM t GROUP BY 1 ORDER BY 2 DESC", {}),
    ("fr", "Total amount spent in Texas", "number", "SELECT SUM(amt) FROM t WHERE state = 'TX'", {}),
    ("fr", "How many distinct merchants are there?", "number", "SELECT COUNT(DISTINCT merchant) FROM t", {}),
    ("fr", "How many transactions were over $1000?", "number", "SELECT COUNT(*) FROM t WHERE amt > 1000", {}),
    ("fr", "Which state had the largest total spend?", "category", "SELECT state, SUM(amt) FROM t GROUP BY 1 ORDER BY 2 DESC", {}),
    ("fr", "How many purchases did women make?", "number", "SELECT COUNT(*) FROM t WHERE gender = 'F'", {}),
    ("fr", "What's the biggest transaction amount?", "number", "SELECT MAX(amt) FROM t", {}),
    ("fr", "Total spend by gender", "mapping", "SELECT gender, SUM(amt) FROM t GROUP BY 1", {}),
    ("fr", "How many unique card numbers are there?", "number", "SELECT COUNT(DISTINCT cc_num) FROM t", {}),
    ("fr", "How many transactions happened on January 2nd 2019?", "number",
     "SELECT COUNT(*) FROM t WHERE CAST(trans_date_trans_time AS DATE) = DATE '2019-01-02'", {}),
    ("fr", "Average transaction amount in the travel category", "number", "SELECT AVG(amt) FROM t WHERE category = 'travel'", {}),
    ("fr", "Top 3 categories by total amount", "list[category]", "SELECT category, SUM(amt) FROM t GROUP BY 1 ORDER BY 2 DESC", {"n": 3}),
    ("fr", "What was the cardholder's credit score?", "abstain", A, {}),
    ("fr", "Which merchant will have the most fraud next month?", "abstain", A, {}),
]


def table_path(key: str) -> Path:
    """Absolute path of a question's table: held-out tables under evals/, the rest under shared/data."""
    return (SHARED if key == "fr" else EVALS) / TABLES[key]


def run_sql(sql: str, path: Path) -> list[tuple]:
    """`sql` over the CSV at `path` bound as `t` (DuckDB's own reader)."""
    con = duckdb.connect()
    con.execute(f"CREATE VIEW t AS SELECT * FROM read_csv_auto('{path}', header=true)")
    return con.execute(sql).fetchall()


def gold(kind: str, sql: str, rows: list[tuple], options: dict) -> object:
    """The gold answer of `kind` from the rows of `sql`: a ranked answer (SQL with ORDER BY, rows of
    (key, metric)) takes the first key(s). Raises ValueError when a ranked answer rests on a tie."""
    n = options.get("n", 1)
    if "ORDER BY" in sql:
        if len(rows) > n and rows[n - 1][1] == rows[n][1]:
            raise ValueError(f"tie at rank {n}: {rows[:n + 1]}")
        keys = [r[0] for r in rows[:n]]
        return keys if kind == "list[category]" else (keys[0] if kind == "category" else float(keys[0]))
    match kind:
        case "number": return round(float(rows[0][0]), 6)
        case "boolean": return bool(rows[0][0])
        case "list[category]": return sorted(str(r[0]) for r in rows)
        case "mapping": return {k if isinstance(k, int) else str(k): round(float(v), 6) for k, v in rows}
    raise ValueError(kind)


def cases() -> list[dict]:
    """One case dict (the evals/cases YAML shape) per question, gold computed by its SQL."""
    out, ties = [], []
    for i, (key, question, kind, sql, options) in enumerate(Q, 1):
        case = {"id": f"heldout-{key}-{i:03d}", "question": question, "table": TABLES[key],
                "table_root": "shared" if key == "fr" else "evals", "type": kind}
        if sql is not None:
            try:
                case |= {"sql": sql, "answer": gold(kind, sql, run_sql(sql, table_path(key)), options)}
            except ValueError as exc:
                ties.append(f"{question}: {exc}")
            if kind == "list[category]" and "n" in options:
                case["ordered"] = True
        out.append(case)
    if ties:
        raise ValueError("gold answers resting on ties:\n" + "\n".join(ties))
    return out


def write_cases() -> Path:
    """Write evals/cases/heldout.yaml."""
    path = EVALS / "cases" / "heldout.yaml"
    header = ("# HELD-OUT set: do not read these questions when changing the router (they measure whether router\n"
              "# changes generalise). Generated by evals/tables/heldout/make.py; gold by DuckDB SQL (`sql`, table `t`).\n")
    body = {"set": "heldout", "source": "held-out questions written for Tally; gold by DuckDB SQL over the same CSV",
            "cases": cases()}
    path.write_text(header + yaml.safe_dump(body, sort_keys=False, allow_unicode=True, width=140))
    return path

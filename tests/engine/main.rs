//! The engine in-process, through the library: rules and exact scores, the published counts and
//! facts, the solver on Pons' sets, budgets, threads, kept tables, the AI levels, the search replay
//! and the memory the table takes. Exhaustive walks need optimised code (`[profile.test]`).

mod book;
mod budget;
mod connect4_sets;
mod exact_scores;
mod kept_table;
mod notebook_counts;
mod quiz;
mod realtime_games;
mod replay;
mod skills;
mod table_budget;
mod threads;
mod tictactoe_facts;

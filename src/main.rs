use clap::Parser;
use std::io::IsTerminal;
use std::process::ExitCode;
use tictree::cli::common::output::err_line;
use tictree::cli::{Cli, CliError, Command, Ending};

fn main() -> color_eyre::Result<ExitCode> {
    // A panic's report without colours where NO_COLOR asks for none, as the game's screen.
    let mut hooks = color_eyre::config::HookBuilder::default();
    if tictree::environment::no_color() {
        hooks = hooks.theme(color_eyre::config::Theme::new());
    }
    hooks.install()?;
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // --help and --version are not errors: clap prints them as usual.
        Err(error) if !error.use_stderr() => {
            // As every command's output (`cli::output`): a reader that went away is no error.
            return Ok(match error.print() {
                Err(why) if why.kind() != std::io::ErrorKind::BrokenPipe => {
                    err_line(&format!("tictree: cannot write the output: {why}"));
                    ExitCode::from(2)
                }
                _ => ExitCode::SUCCESS,
            });
        }
        Err(error) => {
            err_line(&format!("tictree: {}", tictree::cli::one_line(&error)));
            return Ok(ExitCode::from(2));
        }
    };
    let done = |result: Result<(), CliError>| result.map(|()| Ending::Done);
    let outcome = match cli.command {
        Some(Command::Analyze(args)) => tictree::cli::analyze::run(&args),
        Some(Command::Solve(args)) => tictree::cli::solve::run(&args),
        Some(Command::Bench(args)) => tictree::cli::bench::run(&args),
        Some(Command::Trace(args)) => tictree::cli::trace::run(&args),
        Some(Command::Selfplay(args)) => tictree::cli::selfplay::run(&args),
        Some(Command::Book(args)) => tictree::cli::book::run(&args),
        Some(Command::Review(args)) => tictree::cli::review::run(&args),
        None => done(play(&cli)),
    };
    match outcome {
        Ok(ending) => Ok(ExitCode::from(ending.code())),
        Err(error) => {
            err_line(&format!("tictree: {error}"));
            Ok(ExitCode::from(2))
        }
    }
}

fn play(cli: &Cli) -> Result<(), CliError> {
    // A bad flag is reported whatever the config file says, so check the flags first.
    cli.play.patch()?;
    let config = tictree::config::load(cli.play.config.as_deref()).map_err(CliError)?;
    let mut options = cli.play.options(&config.patch)?;
    options.config_discards = config
        .path
        .as_deref()
        .is_some_and(tictree::config::discards);
    options.config = config.path;
    options.config_unsaved = config.unsaved;
    let book_warning = tictree::cli::book::install(
        &cli.play.book,
        options.settings.rules,
        options.settings.book,
    );
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err(CliError(
            "the game needs a terminal; for scripts use 'tictree analyze'".into(),
        ));
    }
    if tictree::environment::is_dumb_terminal() {
        return Err(CliError(
            "the game needs a terminal that can draw a full screen (TERM is dumb); for scripts \
             use 'tictree analyze'"
                .into(),
        ));
    }
    let warning = match (config.warning, book_warning) {
        (Some(config), Some(book)) => Some(format!("{config}; {book}")),
        (config, book) => config.or(book),
    };
    let record =
        tictree::tui::run(options, warning).map_err(|error| CliError(error.to_string()))?;
    // The game stays with the user after the screen is gone: ready to copy, or to resume (a
    // set-up position too, even before its first move).
    if record.worth_printing() {
        tictree::cli::common::output::out(&record.to_string());
    }
    Ok(())
}

from simulate.cli import app

app(prog_name="simulate")

@echo off
rem Windows: set up whatever is missing, then open Ovillo on the demo archive (same code as scripts/run).
rem Needs Python 3.12+ from python.org or winget (the "py" launcher finds it).
py -3 "%~dp0ovsetup" run %*

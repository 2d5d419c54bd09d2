# Windows PowerShell: set up whatever is missing, then open Ovillo on the demo archive (same code as scripts/run).
py -3 "$PSScriptRoot\ovsetup" run @args
exit $LASTEXITCODE

from lsai.cli.main import main

main()

; Functions
(function_definition name: (word) @name) @definition.function

; Calls: every command, which may be a function of this file or a program
(command name: (command_name (word) @name)) @reference.call

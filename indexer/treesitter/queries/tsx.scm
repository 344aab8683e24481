; TSX extras (appended to typescript.scm): a capitalized JSX element renders a component,
; which counts as a call to it. Lower-case names are intrinsic elements (div, span).
(jsx_opening_element
  name: [(identifier) @name
         (member_expression property: (property_identifier) @name)]
  (#match? @name "^[A-Z]")) @reference.call
(jsx_self_closing_element
  name: [(identifier) @name
         (member_expression property: (property_identifier) @name)]
  (#match? @name "^[A-Z]")) @reference.call

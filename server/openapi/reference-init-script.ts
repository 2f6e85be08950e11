/**
 * The script that starts Swagger UI on `/api/docs` (a file of its own: the CSP allows no inline
 * script). Plain browser JavaScript, served as written.
 */

/** The name the page loads the script under. */
export const INIT_SCRIPT_NAME = 'tellbox-reference.js';

export const INIT_SCRIPT = `(function () {
  // Swagger UI's own dark theme hangs off html.dark-mode: follow the system's scheme, live.
  var dark = window.matchMedia('(prefers-color-scheme: dark)');
  function followScheme() {
    document.documentElement.classList.toggle('dark-mode', dark.matches);
  }
  followScheme();
  dark.addEventListener('change', followScheme);

  // An operation's summary is one button, and Swagger UI puts the path's deep link inside it: a
  // control inside a control, which a screen reader cannot reach (axe: nested-interactive). The
  // button already writes the deep link into the address bar, so the path is drawn as text.
  function PathAsText() {
    return {
      wrapComponents: {
        OperationSummaryPath: function (Original, system) {
          return function (props) {
            var operationProps = props.operationProps.set('isDeepLinkingEnabled', false);
            return system.React.createElement(Original, Object.assign({}, props, { operationProps: operationProps }));
          };
        },
      },
    };
  }

  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    plugins: [PathAsText],
    // The validator badge would send the document to validator.swagger.io.
    validatorUrl: null,
  });
})();
`;

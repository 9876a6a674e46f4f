// The global stylesheet: the self-hosted variable font, toast styles and our theme, imported once by the app.
import '@fontsource-variable/inter';
import 'react-toastify/dist/ReactToastify.css';
import './theme.css';
// Button classes are also used directly on links (`<Link className="btn btn--primary">`), so their
// styles load with the app, not only with the Button component.
import '../components/Button.css';

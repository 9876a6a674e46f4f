// The global stylesheet: the self-hosted variable fonts, toast styles and our theme, imported once by the app.
// Every font a page draws with is bundled (Inter for text, JetBrains Mono for hashes, seeds and
// paths), so no page looks different on a machine that has other fonts; a face is fetched only
// when a page draws with it.
import '@fontsource-variable/inter';
import '@fontsource-variable/jetbrains-mono';
import 'react-toastify/dist/ReactToastify.css';
import './theme.css';
// Button classes are also used directly on links (`<Link className="btn btn--primary">`), so their
// styles load with the app, not only with the Button component.
import '../components/Button.css';

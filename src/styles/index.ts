// The global stylesheet: the self-hosted variable font, toast styles and our theme, imported once by the app.
import '@fontsource-variable/inter';
import 'react-toastify/dist/ReactToastify.css';
import './theme.css';

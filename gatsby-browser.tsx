import './src/components/layout/global.css'
